/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** This build's id, compiled in by build-tools/release-files.ts (release detection). */
  readonly VITE_BUILD_ID: string;
}
