// The three.js stage shared by the 3-D views (the part and the warped plate): a canvas with a WebGL 2
// context, unlit vertex colours drawn on demand (after a change, not in a loop, so a software WebGL
// stays quick), orbit controls, and one dispose that frees the context at once (browsers keep only a
// few). Without WebGL 2 (jsdom, some browsers) there is no stage and the view shows a note instead.
import { BufferAttribute, BufferGeometry, Color, LinearSRGBColorSpace, Mesh, MeshBasicMaterial, PerspectiveCamera, Scene, WebGLRenderer, type Side } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

export const FOV = 40;

/** Triangles as the 3-D views build them: xyz per vertex, rgb 0..1 per vertex, three indices a triangle. */
export interface ColouredTriangles {
  positions: Float32Array;
  colours: Float32Array;
  indices: Uint32Array;
}

/** Where the camera stands and looks (faces.ts's fitView). */
export interface CameraView {
  target: readonly [number, number, number];
  position: readonly [number, number, number];
  near: number;
  far: number;
}

export interface Stage {
  renderer: WebGLRenderer;
  scene: Scene;
  camera: PerspectiveCamera;
  controls: OrbitControls;
  mesh: Mesh<BufferGeometry, MeshBasicMaterial>;
  render(): void;
  /** Sizes the canvas to the container's width and the given height. */
  resize(height: number): void;
  /** Draws these triangles instead of the previous ones (whose buffers are freed). */
  show(triangles: ColouredTriangles): void;
  /** Puts the camera and the orbit centre where the view says. */
  aim(view: CameraView): void;
  dispose(): void;
}

/** A WebGL 2 context for the canvas, or null (jsdom has none and logs when asked). */
function webgl2Context(canvas: HTMLCanvasElement): WebGL2RenderingContext | null {
  if (typeof navigator === 'undefined' || /jsdom/i.test(navigator.userAgent)) return null;
  try {
    return canvas.getContext('webgl2', { antialias: true, alpha: false, powerPreference: 'low-power' });
  } catch {
    return null;
  }
}

export function createStage(container: HTMLElement, options: { label: string; testId?: string; side?: Side }): Stage | null {
  const canvas = document.createElement('canvas');
  const context = webgl2Context(canvas);
  if (!context) return null;
  const renderer = new WebGLRenderer({ canvas, context, antialias: true });
  // The vertex colours are sRGB already (the colour bar's): no conversion on output.
  renderer.outputColorSpace = LinearSRGBColorSpace;
  renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
  renderer.setClearColor(new Color(0xf4f6f8), 1);
  canvas.style.display = 'block';
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', options.label);
  if (options.testId) canvas.dataset.testid = options.testId;
  container.appendChild(canvas);
  const scene = new Scene();
  const camera = new PerspectiveCamera(FOV, 1, 0.1, 10_000);
  camera.up.set(0, 0, 1);
  const material = new MeshBasicMaterial({ vertexColors: true });
  if (options.side !== undefined) material.side = options.side;
  const mesh = new Mesh(new BufferGeometry(), material);
  scene.add(mesh);
  const controls = new OrbitControls(camera, canvas);
  const render = () => renderer.render(scene, camera);
  controls.addEventListener('change', render);
  return {
    renderer,
    scene,
    camera,
    controls,
    mesh,
    render,
    resize(height) {
      const width = Math.max(200, container.clientWidth);
      renderer.setSize(width, height);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      render();
    },
    show(triangles) {
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(triangles.positions, 3));
      geometry.setAttribute('color', new BufferAttribute(triangles.colours, 3));
      geometry.setIndex(new BufferAttribute(triangles.indices, 1));
      geometry.computeBoundingSphere();
      mesh.geometry.dispose();
      mesh.geometry = geometry;
    },
    aim(view) {
      camera.position.set(...view.position);
      camera.near = view.near;
      camera.far = view.far;
      camera.updateProjectionMatrix();
      controls.target.set(...view.target);
      controls.update();
    },
    dispose() {
      controls.removeEventListener('change', render);
      controls.dispose();
      mesh.geometry.dispose();
      material.dispose();
      renderer.dispose();
      // three's listeners are gone, so losing the context now stays quiet.
      context.getExtension('WEBGL_lose_context')?.loseContext();
      canvas.remove();
    },
  };
}
