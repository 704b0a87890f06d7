import { Box, Divider, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { parseMarkdown, type Span } from './markdown';

function Spans({ spans }: { spans: Span[] }) {
  return (
    <>
      {spans.map((span, i) => {
        if (span.kind === 'bold') return <strong key={i}>{span.text}</strong>;
        if (span.kind === 'italic') return <em key={i}>{span.text}</em>;
        if (span.kind === 'code')
          return (
            <Box key={i} component="code" sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 }}>
              {span.text}
            </Box>
          );
        return <span key={i}>{span.text}</span>;
      })}
    </>
  );
}

/** The assistant's markdown as React elements (see markdown.ts: no HTML is injected). */
export function Markdown({ text }: { text: string }) {
  return (
    <Box sx={{ '& > * + *': { mt: 1 } }}>
      {parseMarkdown(text).map((block, i) => {
        switch (block.kind) {
          case 'paragraph':
            return (
              <Typography key={i} variant="body2" component="p">
                <Spans spans={block.spans} />
              </Typography>
            );
          case 'heading':
            return (
              <Typography key={i} variant="subtitle2" component="p">
                <Spans spans={block.spans} />
              </Typography>
            );
          case 'list':
            return (
              <Box key={i} component="ul" sx={{ pl: 2.5, my: 0 }}>
                {block.items.map((item, k) => (
                  <Typography key={k} variant="body2" component="li">
                    <Spans spans={item} />
                  </Typography>
                ))}
              </Box>
            );
          case 'table':
            return (
              <Box key={i} sx={{ overflowX: 'auto' }}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      {block.header.map((cell, k) => (
                        <TableCell key={k}>
                          <Spans spans={cell} />
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {block.rows.map((row, r) => (
                      <TableRow key={r}>
                        {row.map((cell, k) => (
                          <TableCell key={k}>
                            <Spans spans={cell} />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            );
          case 'code':
            return (
              <Box key={i} component="pre" sx={{ fontFamily: 'monospace', fontSize: 12, bgcolor: 'action.hover', p: 1, borderRadius: 1, overflowX: 'auto', m: 0 }}>
                {block.text}
              </Box>
            );
          default:
            return <Divider key={i} />;
        }
      })}
    </Box>
  );
}
