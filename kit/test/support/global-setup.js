/** Jest global setup: what every test worker finds ready (see each part). */
const extractChromium = require('./extract-chromium');
const { precompileForTests } = require('./precompile-for-tests');

module.exports = async function globalSetup() {
  precompileForTests();
  await extractChromium();
};
