import {
  DirectionalLight,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  PMREMGenerator,
  RingGeometry,
  Scene,
  ShadowMaterial,
  Vector3,
  WebGLRenderer,
} from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';

import { loadArModel } from './ar-model.ts';

import type { BufferGeometry, Material } from 'three';

import type { Locale, ViewerSource } from '#shared/content/types.ts';

import type { ArModel } from './ar-model.ts';

// A reticle on the surface hit-test finds, tap to place the model at real size, drag to turn it. Its own renderer and scene;
// the page's viewer stays mounted, so leaving AR shows it as it was (ADR 047).

/** A touch that moved farther than this (CSS px) turned the model; its end must not also move it. */
const DRAG_PX = 12;
const TURN_PER_PX = 0.01;

/** They load with this chunk, not the page. */
const LABELS = {
  'en-US': {
    exit: 'Exit AR',
    loading: 'Loading the model…',
    findSurface: 'Move your phone slowly to find the floor or a table',
    place: 'Tap to place the model',
    placed: 'Drag to turn it, tap elsewhere to move it',
  },
  'de-DE': {
    exit: 'AR beenden',
    loading: 'Das Modell wird geladen…',
    findSurface: 'Bewegen Sie Ihr Telefon langsam, um den Boden oder einen Tisch zu finden',
    place: 'Tippen Sie, um das Modell abzustellen',
    placed: 'Ziehen zum Drehen, woanders tippen zum Versetzen',
  },
} satisfies Record<Locale, Record<string, string>>;

interface Overlay {
  setHint(text: string): void;
  remove(): void;
}

function createOverlay(root: HTMLElement, t: (typeof LABELS)[Locale], onExit: () => void): Overlay {
  const exit = document.createElement('button');
  exit.type = 'button';
  exit.className = 'mv-button mv-ar-overlay__exit';
  exit.textContent = t.exit;
  exit.addEventListener('click', onExit);
  // A tap on the button is not also a tap into the room.
  exit.addEventListener('beforexrselect', (event) => event.preventDefault());
  const hint = document.createElement('p');
  hint.className = 'mv-ar-overlay__hint';
  hint.setAttribute('role', 'status');
  root.replaceChildren(exit, hint);
  root.dataset.active = 'true';
  return {
    setHint(text) {
      if (hint.textContent !== text) hint.textContent = text;
    },
    remove() {
      root.replaceChildren();
      delete root.dataset.active;
    },
  };
}

function createReticle(): Mesh<RingGeometry, MeshBasicMaterial> {
  const reticle = new Mesh(new RingGeometry(0.08, 0.1, 40).rotateX(-Math.PI / 2), new MeshBasicMaterial({ color: 0xffffff }));
  reticle.matrixAutoUpdate = false;
  reticle.visible = false;
  return reticle;
}

/** A shadow-only floor and its light: placed models look set down, not floating. */
function createGround(scene: Scene) {
  const ground = new Mesh(new PlaneGeometry(6, 6).rotateX(-Math.PI / 2), new ShadowMaterial({ opacity: 0.3 }));
  ground.receiveShadow = true;
  ground.visible = false;
  const light = new DirectionalLight(0xffffff, 1.5);
  light.castShadow = true;
  light.shadow.mapSize.set(1024, 1024);
  Object.assign(light.shadow.camera, { left: -2, right: 2, top: 2, bottom: -2, near: 0.1, far: 10 });
  light.target = ground;
  scene.add(ground, light, light.target);
  return (position: Vector3) => {
    ground.position.copy(position);
    light.position.copy(position).add(new Vector3(0.6, 3, 0.4));
    ground.visible = true;
  };
}

export interface WebXrOptions {
  source: ViewerSource;
  locale: Locale;
  variant?: string;
}

/** Runs until the session ends (Exit, the system's back, an error); then everything is freed. */
export async function runWebXr(session: XRSession, overlayRoot: HTMLElement, { source, locale, variant }: WebXrOptions): Promise<void> {
  const t = LABELS[locale];
  const ended = Promise.withResolvers<void>();
  let isEnded = false;
  const markEnded = () => {
    isEnded = true;
    ended.resolve();
  };
  session.addEventListener('end', markEnded);
  // Rejects when the session already ended (then no 'end' event may come).
  const end = () => void session.end().catch(markEnded);
  const overlay = createOverlay(overlayRoot, t, end);

  const renderer = new WebGLRenderer({ antialias: true, alpha: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  renderer.shadowMap.enabled = true;
  renderer.xr.enabled = true;
  renderer.xr.setReferenceSpaceType('local');
  const scene = new Scene();
  const camera = new PerspectiveCamera();
  const pmrem = new PMREMGenerator(renderer);
  const room = new RoomEnvironment();
  const environment = pmrem.fromScene(room, 0.04);
  scene.environment = environment.texture;
  const reticle = createReticle();
  const moveGround = createGround(scene);
  scene.add(reticle);

  let model: ArModel | null = null;
  let failure: unknown = null;
  let hitSource: XRHitTestSource | undefined;
  let isPlaced = false;
  let drag = { x: 0, distance: 0, isDown: false };
  const listeners = new AbortController();

  const place = () => {
    if (!model || !reticle.visible || drag.distance > DRAG_PX) return;
    const { root } = model;
    root.position.setFromMatrixPosition(reticle.matrix);
    const eye = new Vector3().setFromMatrixPosition(renderer.xr.getCamera().matrixWorld);
    // Turned to face the visitor.
    root.rotation.y = Math.atan2(eye.x - root.position.x, eye.z - root.position.z);
    root.visible = true;
    moveGround(root.position);
    isPlaced = true;
  };
  // The distance stays after the touch ends, for the `select` that follows it.
  const handlePointerDown = (event: PointerEvent) => (drag = { x: event.clientX, distance: 0, isDown: true });
  const handlePointerUp = () => (drag.isDown = false);
  const handlePointerMove = (event: PointerEvent) => {
    if (!drag.isDown) return;
    const dx = event.clientX - drag.x;
    drag = { x: event.clientX, distance: drag.distance + Math.abs(dx), isDown: true };
    if (model && isPlaced) model.root.rotation.y += dx * TURN_PER_PX;
  };

  // Set before the session starts, which then stops three's window loop: only XR frames (with hit-test results) draw.
  renderer.setAnimationLoop((_time, frame?: XRFrame) => {
    const space = renderer.xr.getReferenceSpace();
    if (!frame || !space) return;
    const pose = hitSource ? frame.getHitTestResults(hitSource)[0]?.getPose(space) : undefined;
    reticle.visible = pose !== undefined;
    if (pose) reticle.matrix.fromArray(pose.transform.matrix);
    overlay.setHint(!model ? t.loading : isPlaced ? t.placed : reticle.visible ? t.place : t.findSurface);
    renderer.render(scene, camera);
  });
  try {
    await renderer.xr.setSession(session);
    const viewerSpace = await session.requestReferenceSpace('viewer');
    hitSource = await session.requestHitTestSource?.({ space: viewerSpace });
    session.addEventListener('select', place);
    overlayRoot.addEventListener('pointerdown', handlePointerDown, { signal: listeners.signal });
    overlayRoot.addEventListener('pointermove', handlePointerMove, { signal: listeners.signal });
    window.addEventListener('pointerup', handlePointerUp, { signal: listeners.signal });
    window.addEventListener('pointercancel', handlePointerUp, { signal: listeners.signal });
    loadArModel(source, renderer, variant).then(
      (loaded) => {
        if (isEnded) return loaded.release();
        loaded.root.visible = false;
        loaded.root.traverse((object) => (object.castShadow = true));
        scene.add(loaded.root);
        model = loaded;
      },
      (error: unknown) => {
        failure = error;
        end();
      },
    );
  } catch (error) {
    failure = error;
    end();
  }

  await ended.promise;
  renderer.setAnimationLoop(null);
  hitSource?.cancel();
  listeners.abort();
  overlay.remove();
  if (model) scene.remove((model as ArModel).root);
  (model as ArModel | null)?.release();
  // What is left in the scene is ours: the reticle, the floor and its light.
  scene.traverse((object) => {
    const { geometry, material } = object as Partial<Mesh<BufferGeometry, Material>>;
    geometry?.dispose();
    material?.dispose();
    (object as Partial<DirectionalLight>).dispose?.();
  });
  environment.dispose();
  room.dispose();
  pmrem.dispose();
  renderer.dispose();
  if (failure) throw failure;
}
