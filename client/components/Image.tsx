/** The image component: validated inputs, srcset by loader, loading priority. */
import { useEffect, useRef, type CSSProperties } from 'react';
import { sqsSrcset, validateImageInput, type ImageInput } from '../lib/image.ts';

export interface ImageProps extends ImageInput {
  src: string;
  width: number;
  height: number;
  alt: string;
  className?: string;
  style?: CSSProperties;
  onLoadingComplete?: (image: HTMLImageElement) => void;
  /** Extra attributes passed through to the <img>. */
  passthrough?: Record<string, string>;
}

export function Image(props: ImageProps) {
  const errors = validateImageInput(props);
  if (errors.length > 0) throw new Error(errors.join(' '));
  const ref = useRef<HTMLImageElement>(null);
  const onComplete = props.onLoadingComplete;
  useEffect(() => {
    const image = ref.current;
    if (!image || !onComplete) return undefined;
    if (image.complete && image.naturalWidth > 0) {
      onComplete(image);
      return undefined;
    }
    const handler = (): void => onComplete(image);
    image.addEventListener('load', handler);
    return () => image.removeEventListener('load', handler);
  }, [onComplete]);
  const loader = props.loader ?? 'sqs';
  const srcSet = loader === 'raw' ? props.srcset : sqsSrcset(props.src, props.copyWidths);
  return (
    <img
      ref={ref}
      {...props.passthrough}
      src={props.src}
      width={props.width}
      height={props.height}
      alt={props.alt}
      className={props.className}
      style={props.style}
      srcSet={srcSet}
      sizes={props.sizes}
      loading={props.priority === 'high' ? 'eager' : 'lazy'}
      fetchPriority={props.priority ?? undefined}
      decoding="async"
    />
  );
}
