import { useEffect } from 'react';
import {
  acknowledgeRule,
  deleteRule,
  listDecisions,
  loadRules,
  saveRule,
  setAutoTopUpsPaused,
  setRuleEnabled,
} from '../../state/actions.ts';
import { useAppStore } from '../../state/app-store.ts';

/** The auto top-up rules as main last said them (loaded when shown, then pushed with every change). */
export function useRules() {
  const view = useAppStore((s) => s.rules);
  useEffect(() => {
    void loadRules();
  }, []);
  return view;
}

export const ruleActions = {
  save: saveRule,
  setEnabled: setRuleEnabled,
  remove: deleteRule,
  acknowledge: acknowledgeRule,
  setPausedAll: setAutoTopUpsPaused,
  decisions: listDecisions,
};
