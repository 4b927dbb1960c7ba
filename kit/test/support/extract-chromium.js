/**
 * Jest global setup: unpacks the Chromium that @sparticuz/chromium ships inside its npm package
 * (to the temp folder, once per machine) before the test workers start, so two workers never
 * unpack it at the same time. Nothing is downloaded and no system package is needed.
 */
module.exports = async function extractChromium() {
  const { default: chromium } = await import('@sparticuz/chromium');
  await chromium.executablePath();
};
