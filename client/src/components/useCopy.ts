import { COPIED_FEEDBACK_MS } from '@cryptovest/common';
import { useCallback, useEffect, useState } from 'react';

/**
 * Copies text to the clipboard and reports `copied` for 1.5 s (SPEC §9 'Copied!'), for every
 * copy button (deposit address, admin wallet column).
 */
export function useCopy(): { copied: boolean; copy: (text: string) => void } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = useCallback((text: string) => {
    void navigator.clipboard
      ?.writeText(text)
      .then(() => setCopied(true))
      .catch(() => undefined);
  }, []);
  return { copied, copy };
}
