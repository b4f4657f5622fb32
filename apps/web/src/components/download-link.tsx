import { useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { downloadFile } from '../lib/download-file';
import { focusRing } from './form-styles';

/**
 * A link that downloads an API file with the session (lib/download-file.ts): "Download PDF",
 * "Download CSV". Why it failed, when it does, is said beside it.
 */
export function DownloadLink({
  href,
  fileName,
  className = `font-semibold text-brand-800 underline ${focusRing}`,
  children,
  label,
}: {
  href: string;
  fileName: string;
  className?: string;
  children: ReactNode;
  /** An accessible name when the text alone is ambiguous in a list ("Download PDF of R-000042"). */
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <span className="inline-flex flex-col">
      <a
        href={href}
        download={fileName}
        aria-label={label}
        aria-busy={busy}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          if (busy) return;
          setBusy(true);
          setFailure(null);
          downloadFile(href, fileName)
            .catch((caught: unknown) =>
              setFailure(
                caught instanceof ApiError && caught.status < 500 && caught.status > 0
                  ? caught.message
                  : 'The file could not be downloaded. Please try again.',
              ),
            )
            .finally(() => setBusy(false));
        }}
      >
        {children}
      </a>
      {failure && (
        <span role="alert" className="text-sm font-medium text-red-800">
          {failure}
        </span>
      )}
    </span>
  );
}
