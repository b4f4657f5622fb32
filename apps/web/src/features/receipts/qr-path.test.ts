import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrDrawing } from './qr-path';

/** The modules the path paints, read back from its `M{col} {row}h{n}…z` runs. */
function painted({ size, path }: { size: number; path: string }): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, col, row, length] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const cells = grid[Number(row)] ?? [];
    for (let c = Number(col); c < Number(col) + Number(length); c++) cells[c] = true;
  }
  return grid;
}

describe("the receipt page's QR", () => {
  it('paints exactly the dark modules of the QR code of the data', () => {
    const data =
      'https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00NXF6';
    const { modules } = QRCode.create(data, { errorCorrectionLevel: 'M' });
    const expected = Array.from({ length: modules.size }, (_, r) =>
      Array.from({ length: modules.size }, (_, c) => Boolean(modules.get(r, c))),
    );
    const drawing = qrDrawing(data);
    expect(drawing.size).toBe(modules.size);
    expect(painted(drawing)).toEqual(expected);
  });
});
