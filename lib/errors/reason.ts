/**
 * A failure's reason, short enough for the middle of a message: the system's code when it has one
 * (`ECONNREFUSED`, `ENOENT`, `MODULE_NOT_FOUND`), else its message.
 */
export function reasonOf(error: unknown): string {
  return String((error as { code?: unknown })?.code ?? (error as Error)?.message ?? error);
}
