import Typography from '@mui/material/Typography';
import { Fragment } from 'react';

/** Renders the legal texts' plain Markdown subset: "#" headings, "-" lists and paragraphs. */
export function PlainMarkdown({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/);
  return blocks.map((block, index) => {
    if (block.startsWith('# ')) {
      return (
        <Typography
          key={index}
          variant="h4"
          component="h1"
          // Long German compounds (Datenschutzhinweise) must not widen a phone's page.
          sx={{
            fontWeight: 700,
            mb: 2,
            fontSize: { xs: '1.4rem', sm: '2.125rem' },
            overflowWrap: 'anywhere',
            hyphens: 'auto',
          }}
        >
          {block.slice(2)}
        </Typography>
      );
    }
    if (block.startsWith('## ')) {
      const [heading, ...rest] = block.split('\n');
      return (
        <Fragment key={index}>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {heading!.slice(3)}
          </Typography>
          {rest.length > 0 && <PlainMarkdown text={rest.join('\n')} />}
        </Fragment>
      );
    }
    if (block.startsWith('- ')) {
      return (
        <ul key={index}>
          {block.split('\n').map((line) => (
            <Typography component="li" key={line} sx={{ mb: 0.5 }}>
              {line.replace(/^- /, '')}
            </Typography>
          ))}
        </ul>
      );
    }
    return (
      <Typography key={index} sx={{ mb: 1.5 }}>
        {block}
      </Typography>
    );
  });
}
