// `npm run -s cli -- <command> …` from a clone: the same launcher as the
// `energy-tray` bin (bin/launch.js), with hints that name `npm run -s cli --`.
import { launch } from '../bin/launch.js';

await launch('npm run -s cli --');
