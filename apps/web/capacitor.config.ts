import type { CapacitorConfig } from '@capacitor/cli';

const config: CapacitorConfig = {
  appId: 'de.vereinsheim.app',
  appName: 'Vereinsheim',
  webDir: 'dist',
};

export default config;
