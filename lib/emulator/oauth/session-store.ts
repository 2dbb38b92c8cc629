// The sessions themselves, apart from the login and logout routes (sessions.ts): State owns the
// store, and the routes read State, so the store sits below both.
import { randomBytes } from 'node:crypto';

export interface Session {
  user: string;
  modhash: string;
}

/** Logged-in browser sessions (the `reddit_session` cookie). */
export class Sessions {
  private readonly byId = new Map<string, Session>();

  create(user: string): [string, Session] {
    const id = randomBytes(18).toString('base64url');
    const session = { user, modhash: randomBytes(12).toString('hex') };
    this.byId.set(id, session);
    return [id, session];
  }

  get(id: string): Session | undefined {
    return this.byId.get(id);
  }

  delete(id: string): void {
    this.byId.delete(id);
  }
}
