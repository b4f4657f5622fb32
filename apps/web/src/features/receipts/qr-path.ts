// KRA's QR on the receipt page (decision 047): the module matrix `qrcode` makes of the receipt's
// `etims.qrData`, as one SVG path in module units, a rectangle per run of dark modules in a row
// (the PDF draws the same runs).
import QRCode from 'qrcode';

export interface QrDrawing {
  /** Modules a side. */
  size: number;
  path: string;
}

export function qrDrawing(data: string): QrDrawing {
  const { modules } = QRCode.create(data, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  let path = '';
  for (let r = 0; r < size; r++) {
    let c = 0;
    while (c < size) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < size && modules.get(r, c)) c++;
      path += `M${start} ${r}h${c - start}v1h${start - c}z`;
    }
  }
  return { size, path };
}
