// A button that opens the phone's back camera (a file input: every phone opens its camera from one,
// with no permission to ask) and hands the photo on: a stop's photo, a bag tag to scan.
import { Camera } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { Button } from './button';

/** A camera button: a hidden file input that asks for the back camera, opened by a real button. */
export function CameraButton({ label, onPhoto, disabled, variant = 'default', size = 'lg', className = 'w-full' }: { label: string; onPhoto: (file: File) => void; disabled?: boolean; variant?: 'default' | 'outline'; size?: 'lg' | 'sm' | 'default'; className?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const chosen = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onPhoto(file);
  };
  return (
    <>
      <input ref={input} id={id} type="file" accept="image/*" capture="environment" className="sr-only" tabIndex={-1} aria-hidden="true" disabled={disabled} onChange={chosen} />
      <Button type="button" variant={variant} size={size} className={className} disabled={disabled} onClick={() => input.current?.click()}>
        <Camera aria-hidden="true" />
        {label}
      </Button>
    </>
  );
}

