import type { AppInfo } from '../shared/ipc.ts';
import type { HandlerTable } from './ipc/handler-table.ts';

export interface AppServiceDeps {
  info: AppInfo;
}

/**
 * The one facade that the IPC handler table (and the CLI) call. It owns no
 * Electron objects: the glue in src/main injects platform facts and adapters.
 */
export class AppService {
  private readonly deps: AppServiceDeps;

  constructor(deps: AppServiceDeps) {
    this.deps = deps;
  }

  getInfo(): AppInfo {
    return { ...this.deps.info };
  }
}

/** Maps each contract method onto the facade. Electron and the e2e bridge both use this table. */
export function createHandlerTable(service: AppService): HandlerTable {
  return {
    'app:getInfo': async () => service.getInfo(),
  };
}
