// jest.config.js: the second run of the nock suites, on the Node transport (helpers.ts `transport()`).
process.env.SNOOPATH_TEST_TRANSPORT = 'undici';
