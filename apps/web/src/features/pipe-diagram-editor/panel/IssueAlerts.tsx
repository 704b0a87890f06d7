import { Alert } from '@mui/material';

/** The problems the checks found in one element, schedule or control: a compact error line each, above its fields. */
export function IssueAlerts({ messages }: { messages: readonly string[] }) {
  return messages.map((message) => (
    <Alert key={message} severity="error" sx={{ py: 0 }}>
      {message}
    </Alert>
  ));
}
