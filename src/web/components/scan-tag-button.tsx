// "Scan a bag tag" (decision 056): a photo of the tag's QR code, read on the phone, hands on the
// order code it names; a photo with no tag, or another business's tag, says so and opens nothing.
import { useState } from 'react';
import { scanRefusal, scanTag } from '../lib/scan-tag';
import { CameraButton } from './ui/camera-button';

export function ScanTagButton({ onCode, className }: { onCode: (code: string) => string | null | Promise<string | null>; className?: string }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const scan = async (file: File) => {
    setBusy(true);
    setRefusal(null);
    try {
      const read = await scanTag(file);
      // the caller may refuse a tag of ours too (a void order, not this pro's job): its words
      setRefusal(read.ok ? await onCode(read.code) : scanRefusal(read));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={className}>
      <CameraButton label={busy ? 'Reading the tag...' : 'Scan a bag tag'} variant="outline" size="default" className="w-full sm:w-auto" disabled={busy} onPhoto={(f) => void scan(f)} />
      {refusal ? (
        <p role="alert" className="mt-1.5 text-sm font-medium text-destructive">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
