export { ChatPanel, type ChatPanelProps } from './ChatPanel';
export { AssistantButton } from './AssistantButton';
