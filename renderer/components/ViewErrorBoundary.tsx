// A fault in one view's rendering stays in that view: React unmounts the whole tree on an
// uncaught render error, which blanked the window (tabs, status bar and all) and lost the
// reader's other tabs. Edits are stored by the core before the screen shows them, so
// nothing is lost; the view says so in a sentence and can be drawn again.
import { Component, type ReactNode } from 'react';

interface Props { children: ReactNode }
interface State { failed: boolean }

export class ViewErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A view failed to draw', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="empty-state" role="alert">
        <p>This view could not be drawn. Your library and your edits are saved.</p>
        <button type="button" className="button" onClick={() => this.setState({ failed: false })}>Try again</button>
      </div>
    );
  }
}
