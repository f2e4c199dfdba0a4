/** Just enough MIME decoding to read the mails nodemailer writes (quoted-printable, base64). */
function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const soft = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? /^[0-9A-F]{2}/i.exec(soft.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeEncodedWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

export interface ReadableMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Splits a raw RFC 822 message into its headers and its text and html parts, decoded. */
export function readMail(raw: string): ReadableMail {
  const header = (name: string, source: string) => {
    const unfolded = source.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1] ?? '';
  };
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const chunks = boundary ? raw.split(`--${boundary}`) : [raw];
  for (const chunk of chunks) {
    const type = /content-type:\s*text\/(plain|html)/i.exec(chunk)?.[1];
    if (!type) continue;
    const body = chunk
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n\n');
    const encoding = header('Content-Transfer-Encoding', chunk.trimStart()).toLowerCase();
    parts[type] =
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : encoding === 'base64'
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
          : body;
  }
  return {
    to: header('To', raw),
    subject: decodeEncodedWords(header('Subject', raw)),
    text: parts.plain ?? '',
    html: parts.html ?? '',
  };
}
