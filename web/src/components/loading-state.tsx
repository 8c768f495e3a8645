interface LoadingStateProps {
  message: string;
  /** The app-wide start-up screen, centred in the viewport. */
  fullPage?: boolean;
  /**
   * The message keeps its place but is not painted yet: index.html's copy of the start-up screen, whose message
   * appears with the app's own first render (web/vite.config.ts says why).
   */
  messageHidden?: boolean;
}

/** A spinner with its message, announced politely to screen readers. */
export function LoadingState({ message, fullPage = false, messageHidden = false }: LoadingStateProps) {
  return (
    <div className={fullPage ? 'loading-state loading-state--page' : 'loading-state'} role="status">
      <span className="spinner" aria-hidden="true" />
      <p className={messageHidden ? 'loading-state__message--hidden' : undefined}>{message}</p>
    </div>
  );
}
