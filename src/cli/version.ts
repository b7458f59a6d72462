import manifest from '../../package.json' with { type: 'json' };

/** The version in package.json, the same one the app's About shows. */
export const VERSION: string = manifest.version;
