import { bool, domain, id, str, req } from '../define.js';

export default domain('model_registry', 'Machine learning model registry: model version files', {
  download: {
    summary: 'Download a file of a machine learning model version to a local file',
    rest: 'GET /projects/{project_id}/packages/ml_models/{model_version_id}/files/{file_name}',
    download: true,
    params: {
      project_id: id.project(),
      model_version_id: id.str('Model version ID (or candidate:<iid> for an experiment run)'),
      file_name: id.str('Name of the file in the model version'),
      output_path: req(str('Local path where the downloaded file is saved', { in: 'local', local: 'write-file' })),
      overwrite: bool('Replace a file that already exists at output_path; default false, and the user is asked to confirm first', { in: 'local' }),
    },
    omitted: {
      path: 'the optional directory segment before the file name: this action addresses the files at the top of the model version',
      status: 'applies when publishing (hidden files), not when downloading',
    },
    fineGrained: ['read_model_version'],
    keywords: 'ML machine learning model weights artifact download mlflow safetensors onnx checkpoint pickle fetch save',
    examples: [
      'download model.safetensors of model version 42 in acme/ml-models to ./weights',
      'fetch the onnx file of ML model version 17 from data/recsys and save it locally',
      'download the pytorch_model.bin file of model version 8 in ml/churn to ./models',
      'save config.json of experiment candidate:3 in data/recsys to ./run3',
      'pull the weights file model.onnx of ML model version 21 from acme/vision into /tmp/vision.onnx',
    ],
  },
});
