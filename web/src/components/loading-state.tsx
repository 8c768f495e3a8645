interface LoadingStateProps {
  message: string;
  /** The app-wide start-up screen, centred in the viewport. */
  fullPage?: boolean;
}

/** A spinner with its message, announced politely to screen readers. */
export function LoadingState({ message, fullPage = false }: LoadingStateProps) {
  return (
    <div className={fullPage ? 'loading-state loading-state--page' : 'loading-state'} role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
