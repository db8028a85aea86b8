/**
 * A one-page demo PDF with a title and some lines (event and team documents of the demo data). pdfkit is imported
 * when the first one is drawn: an instance that does not seed keeps it out of its memory (ADR 0036).
 */
export async function demoPdf(title: string, lines: string[]): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(18).text(title).moveDown();
  doc.font('Helvetica').fontSize(11);
  for (const line of lines) doc.text(line);
  doc.end();
  return done;
}
