export { Snoopath, Snoopath as default, type SnoopathCallable } from './client/snoopath.js';
export { TreeBoundError } from './tree/bound-error.js';
export { SnoopathError, ConfigError, ArgumentError, ResponseError, AuthError, TimeoutError, NetworkError, RateLimitError, type RateLimitReason, type ResponseErrorDetails, type MediaStep } from './errors/classes.js';
export type { TokenStore, Tokens } from './types/tokens.js';
export type { SnoopathOptions, OAuthOptions, ScriptOAuth, ExplicitOAuth, ImplicitOAuth, Scope, ScopeList } from './types/options.js';
export type { SharedLimiter, SharedBudget, SharedBudgetSettings } from './types/shared-limiter.js';
export type { CallOptions, CallObject, Thing } from './types/call.js';
export type { ListingSlice } from './types/listing.js';
export type { InfoThings } from './info/types.js';
export type { CommentTree, TreeOptions, TreeProgress, TreeBound } from './types/tree.js';
export { walk, flatten, type CommentBranch } from './tree/walk.js';
export type { ItemStream, StreamOptions, StreamCursor, CursorStore, StreamGap, StreamFailure, StreamItems } from './types/stream.js';
export type { CallFor, Endpoints, KnownPath, CommonArgs, Op, ListingOp } from './types/endpoints.js';
export type * from './types/things.js';
export type { SnoopathEvents, RateLimitState, EventName, Listener } from './events/emitter.js';
export type { Logger, LogDetails } from './log/index.js';
export type { Args } from './request/path.js';
export type { BodyType } from './request/encode.js';
export type {
  MediaInput, NamedMedia, MediaSource, MediaAsset, MediaLimits, MediaRequestOptions, UploadMediaOptions, SubmitFields,
  ImagePost, VideoPost, GalleryPost, GalleryItem, MediaPostInput, SubmitMediaOptions, MediaPost, PendingMediaPost,
} from './media/types.js';
