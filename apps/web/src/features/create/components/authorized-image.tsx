import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { apiClient } from '../../../lib/api-client';
import styles from './generation.module.css';

interface AuthorizedImageProps {
  url: string;
  width: number;
  height: number;
  /** A tiny blurred data: URI shown until the picture has arrived. */
  placeholder: string;
  alt: string;
  onError?: () => void;
}

// Starts the request a little before the picture scrolls into view.
const NEAR_VIEWPORT = '300px';

/** True once the element has come near the viewport (at once where IntersectionObserver is missing). */
function useNearViewport(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/**
 * A picture only its owner may see: fetched with the Bearer token through the api client (refresh
 * on 401 included) as a blob and shown from an object URL, revoked when the picture goes. Width and
 * height reserve the space, and the placeholder fills it until the picture arrives.
 */
export function AuthorizedImage({
  url,
  width,
  height,
  placeholder,
  alt,
  onError,
}: AuthorizedImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const near = useNearViewport(ref);
  const [loaded, setLoaded] = useState<{ url: string; src: string } | null>(null);
  const reportError = useEffectEvent(() => onError?.());

  useEffect(() => {
    if (!near) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiClient
      .request(url, {
        headers: { Accept: 'image/*' },
        signal: controller.signal,
        parse: (response) => response.blob(),
      })
      .then((blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ url, src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) reportError();
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, near]);

  const src = loaded?.url === url ? loaded.src : placeholder;
  return (
    <img
      ref={ref}
      className={styles.image}
      src={src}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      data-loaded={src === placeholder ? undefined : true}
    />
  );
}
