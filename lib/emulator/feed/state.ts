import type { CommentStore } from '../things/comments.js';
import type { Catalog } from '../things/data.js';
import type { Config } from '../defaults.js';
import type { EmulatorAccount } from '../types.js';

/**
 * What the feed (feed.ts) and its clock (clock.ts) read of the emulator's state. State owns
 * both and hands itself in; naming only this keeps them from importing the state that makes them.
 */
export interface FeedState {
  readonly cfg: Config;
  readonly catalog: Catalog;
  readonly comments: CommentStore;
  account(name: string | undefined): EmulatorAccount | undefined;
  nowSec(): number;
}
