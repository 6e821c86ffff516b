// The test host's page script (bundled for the browser by apps-host.ts): ext-apps' AppBridge, the
// view in a sandboxed iframe on a second origin, tool calls forwarded to the test process.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

declare global {
  interface Window {
    forgeCall: (name: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>;
    host: { bridge: AppBridge; initialized: Promise<void>; frame: HTMLIFrameElement };
  }
}

const frame = document.createElement('iframe');
frame.id = 'view';
frame.setAttribute('sandbox', 'allow-scripts');
frame.style.cssText = 'width:100%;border:0;height:150px';
document.body.append(frame);

const bridge = new AppBridge(null, { name: 'forge-test-host', version: '1.0.0' }, { serverTools: {} }, {
  hostContext: { theme: 'light', displayMode: 'inline', styles: { variables: { '--color-background-primary': 'rgb(255, 255, 255)' } as never } },
});
bridge.oncalltool = async (params) => (await window.forgeCall(params.name, (params.arguments ?? {}) as Record<string, unknown>)) as never;
bridge.onsizechange = ({ height }) => { if (typeof height === 'number') frame.style.height = `${height}px`; };
const initialized = new Promise<void>((resolve) => { bridge.oninitialized = () => resolve(); });
window.host = { bridge, initialized, frame };
await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
frame.src = new URL(location.href).searchParams.get('view')!;
