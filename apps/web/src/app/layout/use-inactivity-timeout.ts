import { useEffect, useRef } from 'react';

const activityEvents = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;

/**
 * Calls `onTimeout` once after `timeoutMs` without mouse, key, scroll, touch or click activity
 * (spec §9). Activity only records a time stamp; one timer checks it when it is due.
 */
export function useInactivityTimeout(timeoutMs: number, onTimeout: () => void) {
  const onTimeoutRef = useRef(onTimeout);
  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  useEffect(() => {
    let lastActivity = Date.now();
    let timer: number | undefined;
    const markActive = () => {
      lastActivity = Date.now();
    };
    const check = () => {
      const idle = Date.now() - lastActivity;
      if (idle >= timeoutMs) {
        timer = undefined;
        onTimeoutRef.current();
      } else {
        timer = window.setTimeout(check, timeoutMs - idle);
      }
    };
    timer = window.setTimeout(check, timeoutMs);
    // Capture phase, so scrolling inside any element counts as well.
    for (const event of activityEvents) window.addEventListener(event, markActive, { capture: true, passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of activityEvents) window.removeEventListener(event, markActive, { capture: true });
    };
  }, [timeoutMs]);
}
