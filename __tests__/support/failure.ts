/** The rejection of a promise that must fail (fails the test when it resolves). No nock here: real-socket suites import it too. */
export async function failure(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject, but it resolved');
}
