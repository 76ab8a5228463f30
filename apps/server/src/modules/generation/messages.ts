// What users read about their generations (issue 6). English; the web shows its own translation
// per status and shows these only as details.

export const GENERATION_MESSAGES = {
  failed: 'The pictures could not be made. The price was given back to your balance.',
  timedOut: 'The pictures took too long to make. The price was given back to your balance.',
  refused: 'The image service refused this prompt. The price was given back to your balance.',
  cancelled: 'Cancelled. The price was given back to your balance.',
  notCancellable: 'This generation has already started and can no longer be cancelled.',
} as const;
