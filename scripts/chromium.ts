/**
 * How every browser run of this project starts Chromium: Debian's (scripts/ensure-chromium.ts installs it), never
 * a downloaded one, headless, and quiet on the network.
 */
export const CHROMIUM_PATH = process.env['CHROME_PATH'] || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium keeps calling home, which floods a closed network.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
