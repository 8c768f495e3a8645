import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  /** Called for Esc, the Close button and (unless disabled) a click on the backdrop. */
  onClose: () => void;
  /** Labels the dialog (aria-labelledby). */
  title: ReactNode;
  /** Keeps the title for screen readers only, e.g. when an image fills the dialog. */
  hideTitle?: boolean;
  /** Describes the dialog (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions under the content (buttons, links). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'fullscreen';
  /** Dark surface for media (the image viewer). */
  tone?: 'light' | 'dark';
  /** What gets focus on open; otherwise the first focusable element after the Close button, else the Close button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes on close when the opener is gone (it was unmounted meanwhile). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  dismissOnBackdrop?: boolean;
  className?: string;
  /** Keys the content handles itself (arrows in a viewer); Esc and Tab are the dialog's. */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const focusableIn = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && el.getClientRects().length > 0,
  );

/**
 * Everything outside the open dialog becomes inert (no focus, no clicks, hidden from assistive technology),
 * so the modal is real for every user, not only for those who use a mouse. Returns the undo.
 */
function makeOutsideInert(container: HTMLElement): () => void {
  const changed: Element[] = [];
  for (const el of Array.from(document.body.children)) {
    if (el === container || el.hasAttribute('inert') || el.tagName === 'SCRIPT') continue;
    el.setAttribute('inert', '');
    changed.push(el);
  }
  return () => {
    for (const el of changed) el.removeAttribute('inert');
  };
}

let scrollLocks = 0;
function lockScroll(): () => void {
  scrollLocks += 1;
  const { body } = document;
  const previous = body.style.overflow;
  if (scrollLocks === 1) body.style.overflow = 'hidden';
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) body.style.overflow = previous;
  };
}

/**
 * An accessible modal dialog: role="dialog", aria-modal, labelled by its title; focus moves in on open and
 * is trapped inside (Tab wraps, the page behind is inert); Esc, the Close button or the backdrop close it, and
 * focus returns to the element that opened it. Rendered in a portal so no ancestor's overflow or stacking
 * context can clip it. Render it unconditionally and drive it with `open`.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  onClose,
  title,
  hideTitle = false,
  description,
  children,
  footer,
  size = 'md',
  tone = 'light',
  initialFocusRef,
  returnFocusRef,
  closeLabel = 'Close',
  dismissOnBackdrop = true,
  className,
  onKeyDown,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [container] = useState(() => {
    const el = document.createElement('div');
    el.className = 'dialog-root';
    return el;
  });
  // Captured while rendering, before any focus moves: the element that opened the dialog.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  // The latest callbacks, without re-running the open/close effect when a parent re-renders.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // Layout effect: the container must be in the document before the children mount into it.
  useLayoutEffect(() => {
    document.body.appendChild(container);
    return () => container.remove();
  }, [container]);

  // Runs once per opening: moving focus again on every render would fight the user.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus targets are read once, on open.
  useEffect(() => {
    const restoreInert = makeOutsideInert(container);
    const unlockScroll = lockScroll();

    const panel = panelRef.current;
    const target =
      initialFocusRef?.current ??
      (panel ? focusableIn(panel).find((el) => el !== closeRef.current) : undefined) ??
      closeRef.current ??
      panel;
    target?.focus();

    return () => {
      restoreInert();
      unlockScroll();
      const back = opener?.isConnected ? opener : returnFocusRef?.current;
      back?.focus();
    };
  }, [container]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key === 'Tab') {
      const panel = panelRef.current;
      if (!panel) return;
      const items = focusableIn(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
      return;
    }
    onKeyDown?.(event);
  }

  const classes = ['dialog', `dialog--${size}`, `dialog--${tone}`, className].filter(Boolean).join(' ');

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; Esc and the Close button are the keyboard ways out.
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        // No focus change from this press: focus goes back to the opener, not to the page body.
        event.preventDefault();
        if (dismissOnBackdrop) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        className={classes}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className="dialog__header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="icon-button dialog__close"
            aria-label={closeLabel}
            onClick={() => onCloseRef.current()}
          >
            <CloseIcon size={22} />
          </button>
        </div>
        {description && (
          <div id={descriptionId} className="dialog__description">
            {description}
          </div>
        )}
        {children && <div className="dialog__body">{children}</div>}
        {footer && <div className="dialog__footer">{footer}</div>}
      </div>
    </div>,
    container,
  );
}
