import { memo } from 'react';
import { Environment, Lightformer } from '@react-three/drei';

/**
 * A photo-studio light set rendered locally into a 256px cube map once
 * (frames = 1): no preset, no HDR file, no request. Three soft boxes (key,
 * fill, rim) and an overhead strip over a dim grey room give PBR materials
 * readable highlights from every side, like `<model-viewer>`'s neutral
 * environment. Memoised: drei re-renders the cube whenever its children change.
 */
export const StudioEnvironment = memo(function StudioEnvironment() {
  return (
    <Environment resolution={256} frames={1}>
      <color attach="background" args={['#4a4a4a']} />
      {/* Key: large, front-left, above. */}
      <Lightformer form="rect" intensity={3} position={[-5, 4, 5]} scale={[6, 6, 1]} />
      {/* Fill: dimmer, front-right, lower. */}
      <Lightformer form="rect" intensity={2} position={[6, 2, 3]} scale={[5, 4, 1]} />
      {/* Rim: behind, to separate the silhouette. */}
      <Lightformer form="rect" intensity={2} position={[0, 3, -7]} scale={[10, 2, 1]} />
      {/* Overhead strip. */}
      <Lightformer form="circle" intensity={1.5} position={[0, 8, 0]} scale={6} />
    </Environment>
  );
});
