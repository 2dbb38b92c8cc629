// A jest reporter: after the run, says which test files were skipped and why. The harnesses that
// skip when a tool is missing (Chromium, redis-server) explain it in a console warning, which jest
// otherwise shows only among the file's own output, easily lost in a run of hundreds of tests.
// Registered in jest.config.js next to the default reporter.

/** The warnings of a file that explain a skip. @param {Array<{type: string, message: string}> | undefined} entries */
const reasons = (entries) => (entries ?? []).filter((e) => e.type === 'warn' && /skip/i.test(e.message)).map((e) => e.message.trim());

export default class SkipSummary {
  #skipped = [];

  /** @param {unknown} _test @param {{ testFilePath: string, numPendingTests: number, numTodoTests: number, console?: Array<{type: string, message: string}> }} result */
  onTestResult(_test, result) {
    if (result.numPendingTests === 0) return;
    this.#skipped.push({ file: result.testFilePath, count: result.numPendingTests, why: reasons(result.console) });
  }

  onRunComplete() {
    if (this.#skipped.length === 0) return;
    const total = this.#skipped.reduce((n, s) => n + s.count, 0);
    const lines = this.#skipped.map((s) => `  ${s.file.replace(`${process.cwd()}/`, '')} (${s.count} skipped): ${s.why.join(' ') || 'skipped in the test file (it.skip or describe.skip), no reason given'}`);
    process.stderr.write(`\nSkipped, not failed: ${total} test(s) in ${this.#skipped.length} file(s)\n${lines.join('\n')}\n\n`);
  }
}
