import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

/** After each client navigation: focus <main>, so keyboard and screen-reader users start at the content, and announce the title. */
export function RouteAnnouncer() {
  const location = useLocation();
  const navigation = useNavigation();
  const [message, setMessage] = useState('');
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.hash) return;
    const main = document.getElementById('main');
    main?.focus({ preventScroll: true });
    // The title React just committed is an external value.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setMessage(document.title);
  }, [location.pathname, location.search, location.hash]);

  return (
    <>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" role="status">
        {message}
      </div>
      <div className="nav-progress" data-active={navigation.state !== 'idle'} aria-hidden="true" />
    </>
  );
}
