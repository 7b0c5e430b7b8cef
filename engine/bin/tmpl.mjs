#!/usr/bin/env node
// The `tmpl` command: runs the TypeScript CLI through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../cli.ts');
