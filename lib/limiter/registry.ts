import { AppBudget } from './budget.js';
import type { SharedLimiter } from '../types/shared-limiter.js';

/** The `limiter` option: one budget per app in the process (default), one per instance, or one shared through Redis. */
export type LimiterOption = 'app' | 'instance' | SharedLimiter;

type Budgets = Map<string, WeakRef<AppBudget>>;

/** Budgets by scope ('app', or a shared limiter object), then by API origin and client id. */
const scopes = new WeakMap<object, Budgets>();
const APP = {};

/**
 * The budget an instance sends through. The platform counts per OAuth client id (`key`; cookie
 * mode: the browser session, so the origin alone), so instances with the same id and API origin
 * share one. The registry holds budgets weakly: each instance holds its app's budget, and when the
 * last one is collected the budget goes too. A budget holds no instance, and an idle budget no
 * timer, so nothing here keeps an instance or a process alive.
 */
export function budgetFor(limiter: LimiterOption | undefined, origin: string, key: string | undefined): AppBudget {
  const shared = typeof limiter === 'object' ? limiter : undefined;
  const make = () => new AppBudget(shared?.attach(key ?? 'cookies'));
  // Without WeakRef (very old runtimes) sharing could keep budgets forever: each instance paces alone.
  if (limiter === 'instance' || typeof WeakRef !== 'function') return make();
  const scope = shared ?? APP;
  let budgets = scopes.get(scope);
  if (!budgets) scopes.set(scope, (budgets = new Map()));
  const id = `${origin} ${key ?? ''}`;
  let budget = budgets.get(id)?.deref();
  if (!budget) {
    // Entries of collected budgets go when a new budget comes (rarely: once per app and origin).
    for (const [k, ref] of budgets) if (!ref.deref()) budgets.delete(k);
    budgets.set(id, new WeakRef((budget = make())));
  }
  return budget;
}

/** How many live budgets the registry holds for the default scope (tests: it must let go of them). */
export const registeredBudgets = (): number => [...(scopes.get(APP)?.values() ?? [])].filter((ref) => ref.deref()).length;
