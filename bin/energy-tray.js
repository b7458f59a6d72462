#!/usr/bin/env node
// The `energy-tray` command (package.json "bin"); see launch.js.
import { launch } from './launch.js';

await launch('energy-tray');
