import { Document, Logger } from '@gltf-transform/core';
import { KHRMaterialsEmissiveStrength, KHRMaterialsVariants } from '@gltf-transform/extensions';

import { createTextureImages, hexToRgb } from './textures.ts';
import { merge, tangents } from './geometry.ts';

import type { Buffer as GltfBuffer, Material, Node, Primitive, Texture } from '@gltf-transform/core';
import type { Geometry } from './geometry.ts';
import type { MaterialSpec, NodeSpec, ProductSpec } from './scene.ts';

/** Turns a ProductSpec into a glTF-Transform document: one mesh per node, one primitive per material. */
function srgbToLinear(hex: string): [number, number, number] {
  return hexToRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
}

interface BuildContext {
  document: Document;
  buffer: GltfBuffer;
  materials: Map<string, Material>;
  nodes: Map<string, Node>;
  /** Each primitive with the key of its (default) material. */
  primitives: [string, Primitive][];
}

async function createMaterials(document: Document, product: ProductSpec): Promise<Map<string, Material>> {
  const materials = new Map<string, Material>();
  // One texture pair per set, shared by every material that uses it (a variant's tint changes only the factor).
  const textures = new Map<string, { baseColor: Texture; normal: Texture }>();
  let emissiveStrength: KHRMaterialsEmissiveStrength | undefined;
  for (const [key, spec] of Object.entries(product.materials) as [string, MaterialSpec][]) {
    const material = document
      .createMaterial(spec.name)
      .setMetallicFactor(spec.metallic)
      .setRoughnessFactor(spec.roughness)
      .setDoubleSided(spec.doubleSided ?? false);
    material.setBaseColorFactor(spec.textures && !spec.tint ? [1, 1, 1, 1] : [...srgbToLinear(spec.tint ?? spec.color), 1]);
    if (spec.emissive) material.setEmissiveFactor(srgbToLinear(spec.emissive));
    if (spec.emissiveStrength && spec.emissiveStrength > 1) {
      emissiveStrength ??= document.createExtension(KHRMaterialsEmissiveStrength);
      material.setExtension('KHR_materials_emissive_strength', emissiveStrength.createEmissiveStrength().setEmissiveStrength(spec.emissiveStrength));
    }
    if (spec.textures) {
      let pair = textures.get(spec.textures);
      if (!pair) {
        const images = await createTextureImages(spec.textures);
        const fileBase = `${product.slug}-${spec.textures}`;
        const texture = (kind: string, image: Uint8Array) =>
          document
            .createTexture(`${spec.name} ${kind}`)
            .setImage(image)
            .setMimeType('image/jpeg')
            .setURI(`${fileBase}-${kind.replace('colour', 'basecolor')}.jpg`);
        pair = { baseColor: texture('colour', images.baseColor), normal: texture('normal', images.normal) };
        textures.set(spec.textures, pair);
      }
      material.setBaseColorTexture(pair.baseColor).setNormalTexture(pair.normal);
    }
    materials.set(key, material);
  }
  return materials;
}

function createPrimitive(context: BuildContext, geometry: Geometry, material: Material) {
  const { document, buffer } = context;
  const vertexCount = geometry.positions.length / 3;
  const accessor = (type: 'VEC4' | 'VEC3' | 'VEC2', values: number[]) =>
    document.createAccessor().setType(type).setArray(new Float32Array(values)).setBuffer(buffer);
  const indices = vertexCount < 65536 ? new Uint16Array(geometry.indices) : new Uint32Array(geometry.indices);
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', geometry.positions))
    .setAttribute('NORMAL', accessor('VEC3', geometry.normals))
    .setAttribute('TEXCOORD_0', accessor('VEC2', geometry.uvs))
    .setIndices(document.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer))
    .setMaterial(material);
  return material.getNormalTexture() ? primitive.setAttribute('TANGENT', accessor('VEC4', tangents(geometry))) : primitive;
}

function createNode(context: BuildContext, spec: NodeSpec): Node {
  const node = context.document.createNode(spec.name);
  if (spec.translation) node.setTranslation(spec.translation);
  if (spec.rotation) node.setRotation(spec.rotation);
  if (spec.parts.length > 0) {
    const mesh = context.document.createMesh(spec.name);
    const byMaterial = new Map<string, Geometry[]>();
    for (const part of spec.parts) byMaterial.set(part.material, [...(byMaterial.get(part.material) ?? []), part.geometry]);
    for (const [key, geometries] of byMaterial) {
      const material = context.materials.get(key);
      if (!material) throw new Error(`Unknown material ${key}`);
      const primitive = createPrimitive(context, merge(geometries), material);
      context.primitives.push([key, primitive]);
      mesh.addPrimitive(primitive);
    }
    node.setMesh(mesh);
  }
  for (const child of spec.children ?? []) node.addChild(createNode(context, child));
  context.nodes.set(spec.name, node);
  return node;
}

function createAnimation(context: BuildContext, product: ProductSpec): void {
  if (!product.animation) return;
  const { document, buffer, nodes } = context;
  const animation = document.createAnimation(product.animation.name);
  for (const channel of product.animation.channels) {
    const node = nodes.get(channel.node);
    if (!node) throw new Error(`Animation targets unknown node ${channel.node}`);
    const sampler = document
      .createAnimationSampler()
      .setInput(document.createAccessor().setType('SCALAR').setArray(new Float32Array(channel.times)).setBuffer(buffer))
      .setOutput(document.createAccessor().setType('VEC4').setArray(new Float32Array(channel.rotations.flat())).setBuffer(buffer))
      .setInterpolation('LINEAR');
    animation.addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath('rotation').setSampler(sampler));
  }
}

/** KHR_materials_variants: every primitive whose material a variant swaps maps each variant to its material (the default one included). */
function createVariants(context: BuildContext, product: ProductSpec): void {
  if (!product.variants?.length) return;
  const extension = context.document.createExtension(KHRMaterialsVariants);
  const variants = product.variants.map((spec) => ({ spec, variant: extension.createVariant(spec.name) }));
  for (const [key, primitive] of context.primitives) {
    if (!variants.some(({ spec }) => key in spec.swap)) continue;
    const mappings = extension.createMappingList();
    for (const { spec, variant } of variants) {
      const material = context.materials.get(spec.swap[key] ?? key);
      if (!material) throw new Error(`Variant ${spec.name} swaps in unknown material ${spec.swap[key]}`);
      mappings.addMapping(extension.createMapping().setMaterial(material).addVariant(variant));
    }
    primitive.setExtension('KHR_materials_variants', mappings);
  }
}

export async function buildDocument(product: ProductSpec): Promise<Document> {
  // Quiet: meshopt's quantize step reports tiling UVs it leaves as floats, which is intended.
  const document = new Document().setLogger(new Logger(Logger.Verbosity.ERROR));
  const asset = document.getRoot().getAsset();
  asset.generator = 'Vitrine demo space generator (scripts/content), glTF-Transform';
  asset.copyright = 'CC0 1.0 Universal: generated for the Vitrine demo, no rights reserved';
  const buffer = document.createBuffer('buffer').setURI(`${product.slug}.bin`);
  const context: BuildContext = { document, buffer, materials: await createMaterials(document, product), nodes: new Map(), primitives: [] };
  const scene = document.createScene(product.title).addChild(createNode(context, product.root));
  document.getRoot().setDefaultScene(scene);
  createAnimation(context, product);
  createVariants(context, product);
  return document;
}
