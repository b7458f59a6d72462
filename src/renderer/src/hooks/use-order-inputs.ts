import { useCallback, useState, type FormEvent } from 'react';
import type { ResourceType } from '../../../shared/ipc.ts';
import { cleanAddress, periodFor } from '../../../shared/order-rules.ts';

/**
 * An address field's value and whether main found it valid (AddressField asks
 * as you type). `clean` is what is sent: the address without the white space
 * around it. Spread `field` into <AddressField>.
 */
export function useAddressInput(initial = '', initiallyValid = false) {
  const [address, setAddress] = useState(initial);
  const [valid, setValid] = useState(initiallyValid);
  const onValidity = useCallback((v: boolean) => setValid(v), []);
  return { clean: cleanAddress(address), valid, field: { value: address, onChange: setAddress, onValidity } };
}

/** A resource and a period that stays one the resource offers when the resource changes. */
export function useResourcePeriod(initialResource: ResourceType = 'energy', initialPeriod = '1h') {
  const [resource, setResource] = useState<ResourceType>(initialResource);
  const [period, setPeriod] = useState(initialPeriod);
  const changeResource = (next: ResourceType): void => {
    setResource(next);
    setPeriod(periodFor(next, period));
  };
  return { resource, period, setPeriod, changeResource };
}

/** A form's onSubmit that stays on the page and runs `submit`. */
export const onSubmitted =
  (submit: () => void) =>
  (e: FormEvent): void => {
    e.preventDefault();
    submit();
  };
