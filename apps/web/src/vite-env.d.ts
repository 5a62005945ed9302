/// <reference types="vite/client" />

/** Version of the web package, injected at build time. */
declare const __APP_VERSION__: string;
