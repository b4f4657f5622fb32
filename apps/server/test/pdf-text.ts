// A PDF's text as a reader gets it: through PDF.js (its legacy build, the one for Node: what a
// viewer or a copy-paste gets), every text run of every page joined by spaces (a run never splits
// a word PDFKit wrote).
export async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const runs: string[] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim()) runs.push(item.str);
  }
  await doc.destroy();
  return runs.join(' ').replace(/\s+/g, ' ');
}
