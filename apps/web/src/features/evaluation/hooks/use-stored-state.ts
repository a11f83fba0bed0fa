import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { readStoredValue, writeStoredValue } from '../lib/evaluation-storage';

/** State kept in local storage under `key` (docs/product/evaluation.md#test-settings), read once on mount. */
export function useStoredState<T>(
  key: string,
  initial: () => T,
  isValid: (value: unknown) => value is T,
): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => readStoredValue(key, initial(), isValid));
  useEffect(() => {
    writeStoredValue(key, value);
  }, [key, value]);
  return [value, setValue];
}
