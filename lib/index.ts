export { Snoopath, Snoopath as default, type SnoopathCallable } from './client.js';
export { SnoopathError, ConfigError, ArgumentError, ResponseError, AuthError, TimeoutError, NetworkError, type ResponseErrorDetails } from './errors.js';
export type { SnoopathOptions, OAuthOptions, TokenStore, Tokens } from './options.js';
export type { SharedLimiter, SharedBudget, SharedBudgetSettings } from './limiter/shared.js';
export type { CallOptions, CallObject, Thing } from './types/call.js';
export type { ListingSlice } from './types/listing.js';
export type { ItemStream, StreamOptions, StreamCursor, CursorStore, StreamGap, StreamFailure, StreamItems } from './types/stream.js';
export type { CallFor, Endpoints, KnownPath, CommonArgs, Op, ListingOp } from './types/endpoints.js';
export type {
  Fullname, Link, Comment, Account, Subreddit, Message, More, Listing, UserListEntry, JsonResponse,
  LinkThing, CommentThing, AccountThing, MessageThing, SubredditThing, MoreThing,
  ModAction, ModActionThing,
} from './types/things.js';
export type { SnoopathEvents, RateLimitState, EventName, Listener } from './events.js';
export type { Args } from './request/path.js';
export type { BodyType } from './request/encode.js';
