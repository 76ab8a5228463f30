import { useEffect, useInsertionEffect, type ReactNode } from 'react';
import { markAppReady } from '../lib/app-ready';
import { noteEarlyInput, replayEarlyInput } from '../lib/early-input';

/**
 * Wraps the router (a wrapper, not a sibling: a sibling would change the tree's shape, and with it
 * every `useId` the server drew). At the commit of the hydration it notes what the visitor typed
 * and picked before: an insertion effect runs before any component attaches to its fields (refs
 * and layout effects come later in the commit). Then, on a timer after the stores' own re-render
 * with the browser's values (the cart, the session, so that a currency chosen early asks about a
 * full cart), it makes that input again and enables the controls that waited for the app.
 */
export function TakeOver({ children }: { children: ReactNode }) {
  useInsertionEffect(noteEarlyInput, []);
  useEffect(() => {
    const timer = setTimeout(() => {
      replayEarlyInput();
      markAppReady();
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return children;
}
