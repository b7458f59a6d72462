import { create } from 'zustand';
import type { AppInfo, IpcError } from '../../shared/ipc.ts';
import { getBridge } from './bridge.ts';

export interface DashboardState {
  info: AppInfo | null;
  loading: boolean;
  error: IpcError | null;
  load(): Promise<void>;
}

export const useDashboard = create<DashboardState>()((set) => ({
  info: null,
  loading: false,
  error: null,
  async load() {
    set({ loading: true, error: null });
    const result = await getBridge().getInfo({});
    if (result.ok) set({ info: result.value, loading: false });
    else set({ error: result.error, loading: false });
  },
}));
