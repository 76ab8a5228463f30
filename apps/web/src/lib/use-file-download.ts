import { useState } from 'react';
import { fetchFile, saveFile } from './download';

/**
 * One authorised download at a time from a list of them (receipts, for instance): which one is
 * being fetched, and which one failed with what, so its row can say so.
 */
export function useFileDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ key: string; error: unknown } | null>(null);
  const download = async (key: string, url: string, fallbackName: string) => {
    setBusy(key);
    setFailure(null);
    try {
      saveFile(await fetchFile(url, fallbackName));
    } catch (error) {
      setFailure({ key, error });
    } finally {
      setBusy(null);
    }
  };
  return { busy, failure, download };
}
