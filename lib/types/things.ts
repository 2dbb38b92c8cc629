// The shapes of the platform's answers. The generic forms are written in answers/generic.ts; the things
// and the named shapes of answers are typed from recorded answers by the generator
// (typings/things.d.ts, see docs/typings.md): they name every field the recordings showed, and keep
// an index signature, because the platform adds fields often and removes few.
import type { UserList } from '../../typings/things.js';

export type { Thing, Fullname, JsonErrors, JsonResponse, JsonAck } from './answers/generic.js';
export type * from '../../typings/things.js';

/** An entry of a user list that is not paged (moderators, friends, blocked and trusted users). */
export type UserListEntry = UserList['children'][number];
