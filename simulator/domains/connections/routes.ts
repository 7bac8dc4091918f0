import type { Sim } from '../../context.ts';
import type { BRouter } from '../../interface-b.ts';

// SCAFFOLD: replaced by the domain's real routes.
export function registerConnectionRoutes(_router: BRouter, _sim: Sim): void {}
