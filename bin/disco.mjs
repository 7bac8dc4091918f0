#!/usr/bin/env node
// The `disco` command. The CLI is TypeScript; tsx's loader runs it without a build step.
import { register } from 'tsx/esm/api';

register();
await import('./disco.ts');
